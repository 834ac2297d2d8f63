package dev.rvl.web;

import java.util.List;

import dev.rvl.domain.problem.Problems;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failure nobody is answered any more (its client went away while the work ran to its
 * end) is logged as an answered one: the unexpected at ERROR, a refusal not at all.
 */
@ExtendWith(OutputCaptureExtension.class)
class ProblemResponsesTests {

	@Test
	void logsAnUnansweredUnexpectedFailureAtError(CapturedOutput output) {
		ProblemResponses.logUnanswered(new IllegalStateException("the disk is on fire"));

		assertThat(output.getAll()).contains("ERROR", "Unexpected failure", "the disk is on fire");
	}

	@Test
	void logsNothingForAnUnansweredRefusal(CapturedOutput output) {
		ProblemResponses.logUnanswered(Problems.insufficientStock(List.of("SKU-00001")));

		assertThat(output.getAll()).doesNotContain("ProblemResponses", "SKU-00001");
	}

}
