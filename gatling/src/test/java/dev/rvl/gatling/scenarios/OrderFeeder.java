package dev.rvl.gatling.scenarios;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An endless, deterministic feeder of orders: the same sequence in every run and for
 * every app, each customer once per 10,000 orders, so exactly 2 % of orders go to
 * customers the fraud check always rejects.
 */
public final class OrderFeeder implements Iterator<Map<String, Object>> {

	private final AtomicLong next = new AtomicLong();

	@Override
	public boolean hasNext() {
		return true;
	}

	@Override
	public Map<String, Object> next() {
		return FedOrder.at(this.next.getAndIncrement()).toSession();
	}

}
