package dev.rvl.bench;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;

import dev.rvl.testsupport.ChildProcess;

/**
 * The app under test for one variant, as the runner drives and measures it: started here
 * from its jar ({@link LocalTarget}) or running elsewhere and known only by its URLs
 * ({@link RemoteTarget}).
 */
interface Target {

	/** The API, what Gatling and the warm-up load. */
	URI baseUrl();

	/** The app's {@code /actuator/prometheus}. */
	URI metrics();

	/** One line for the progress output once the app is ready. */
	String describe();

	/**
	 * The sampler for this app: a local app's process is read from {@code /proc} as well,
	 * a remote one only through its metrics.
	 * @param proc this machine's {@code /proc}, for the harness's processes
	 * @param stub the stub
	 * @param postmaster PostgreSQL's postmaster when it runs on this machine
	 */
	Sampler sampler(ProcFs proc, StubProcess stub, OptionalLong postmaster);

	/** Full thread names by OS thread id, empty when they cannot be had. */
	Map<Long, String> threadNames(Project project);

	/** The exit code when the app exited while under load, else {@code null}. */
	Integer exitedDuringLoad() throws InterruptedException;

	/**
	 * Stops the app when the runner started it.
	 * @return how it stopped, or {@code null} when it is not the runner's to stop
	 */
	ChildProcess.Stopped stop(Duration grace) throws InterruptedException;

	/** The process the runner started, or {@code null} for a remote app. */
	AppProcess local();

}
