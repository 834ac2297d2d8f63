package dev.rvl.reactive;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import reactor.core.publisher.Hooks;
import reactor.util.Logger;
import reactor.util.Loggers;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fails a test class during which Reactor dropped an error: an error signalled where no
 * one could take it any more (after a cancel, or a second time), which Reactor only logs,
 * at ERROR, as "Operator called default onErrorDropped". Two such errors reached CI's log
 * before a contract case that reads the app's log happened to catch them (an undecodable
 * body signalled twice by Reactor Netty, a partner call cancelled as its response
 * arrived), and one more was found by reading the code (a refusal whose client had gone).
 * Registered for every test class of the module, as {@link NoBufferLeaks} is.
 * <p>
 * The hook logs each error as Reactor's default does, and keeps a line for the failure:
 * the thread and the error with its causes, the stack left to the log.
 */
public final class NoDroppedErrors implements AfterAllCallback {

	private static final Logger log = Loggers.getLogger(NoDroppedErrors.class);

	private static final List<String> dropped = new CopyOnWriteArrayList<>();

	private static final AtomicInteger tolerated = new AtomicInteger();

	private static volatile Class<? extends Throwable> tolerating;

	static {
		Hooks.onErrorDropped((error) -> {
			log.error("Operator called default onErrorDropped", error);
			if (hasCause(error, tolerating)) {
				tolerated.incrementAndGet();
			}
			else {
				dropped.add(Thread.currentThread().getName() + ": " + causes(error));
			}
		});
	}

	/**
	 * Lets the running test class drop errors caused by {@code cause}, for a reason it
	 * states, until it ends: a test that provokes such errors on purpose.
	 */
	public static void tolerate(Class<? extends Throwable> cause, String reason) {
		log.info("dropped errors caused by {} tolerated: {}", cause.getName(), reason);
		tolerating = cause;
	}

	/** The errors dropped and not tolerated since the last call, forgotten. */
	static List<String> take() {
		List<String> found = new ArrayList<>(dropped);
		dropped.removeAll(found);
		return found;
	}

	@Override
	public void afterAll(ExtensionContext context) {
		if (tolerating != null) {
			log.info("{} dropped errors tolerated during {}", tolerated.getAndSet(0), context.getDisplayName());
			tolerating = null;
		}
		assertThat(take()).as("errors Reactor dropped during " + context.getDisplayName()).isEmpty();
	}

	private static boolean hasCause(Throwable error, Class<? extends Throwable> type) {
		for (Throwable cause = error; type != null && cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return true;
			}
			if (cause == cause.getCause()) {
				return false;
			}
		}
		return false;
	}

	private static String causes(Throwable error) {
		StringBuilder causes = new StringBuilder(error.toString());
		for (Throwable cause = error.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
			causes.append("; caused by ").append(cause);
		}
		return causes.toString();
	}

}
