package dev.rvl.reactive;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link NoDroppedErrors} sees what Reactor drops: here an error signalled to a
 * subscriber that takes none.
 */
class NoDroppedErrorsTests {

	@Test
	void recordsAnErrorReactorDrops() {
		Mono.error(new IllegalStateException("a failure nobody takes")).subscribe();

		assertThat(NoDroppedErrors.take()).singleElement().asString().contains("a failure nobody takes");
	}

}
