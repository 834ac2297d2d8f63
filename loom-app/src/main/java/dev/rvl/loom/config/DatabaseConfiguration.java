package dev.rvl.loom.config;

import com.zaxxer.hikari.HikariDataSource;
import dev.rvl.domain.config.DatabaseSettings;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * HikariCP from the shared {@code db.*} settings: a fixed-size pool (minimum idle =
 * maximum, HikariCP's own default) of {@code db.pool-size} connections and
 * {@code db.acquire-timeout} to wait for one, like the reactive app's r2dbc-pool.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

	@Bean
	static BeanPostProcessor hikariPoolSettings(Environment environment) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof HikariDataSource hikari) {
					DatabaseSettings settings = Binder.get(environment).bindOrCreate("db", DatabaseSettings.class);
					hikari.setMaximumPoolSize(settings.poolSize());
					hikari.setMinimumIdle(settings.poolSize());
					hikari.setConnectionTimeout(settings.acquireTimeout().toMillis());
				}
				return bean;
			}

		};
	}

}
