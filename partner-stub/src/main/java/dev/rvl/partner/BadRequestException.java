package dev.rvl.partner;

/**
 * A request the stub refuses with 400; the message becomes the {@link ErrorBody}.
 */
class BadRequestException extends RuntimeException {

	BadRequestException(String message) {
		super(message, null, false, false);
	}

}
