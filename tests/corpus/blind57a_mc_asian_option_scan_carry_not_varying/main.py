import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

PATHS_PER_DEVICE = 65_536
N_STEPS = 252
mesh = jax.make_mesh((4,), ("paths",))


def simulate_asian(key, s0, strike, rate, vol, maturity):
  dt = maturity / N_STEPS
  key = jax.random.fold_in(key, lax.axis_index("paths"))
  z = jax.random.normal(key, (N_STEPS, PATHS_PER_DEVICE))

  def euler(log_s, z_t):
    log_s = log_s + (rate - 0.5 * vol ** 2) * dt + vol * jnp.sqrt(dt) * z_t
    return log_s, jnp.exp(log_s)

  log_s0 = jnp.full((PATHS_PER_DEVICE,), jnp.log(s0))
  _, prices = lax.scan(euler, log_s0, z)
  payoff = jnp.maximum(prices.mean(axis=0) - strike, 0.0)
  disc = jnp.exp(-rate * maturity)
  mean = lax.pmean(payoff.mean(), "paths")
  second = lax.pmean((payoff ** 2).mean(), "paths")
  n_total = PATHS_PER_DEVICE * lax.psum(1, "paths")
  return disc * mean, disc * jnp.sqrt((second - mean ** 2) / n_total)


@functools.partial(jax.jit, static_argnames=("maturity",))
def price(key, s0, strike, rate, vol, maturity=1.0):
  run = jax.shard_map(functools.partial(simulate_asian, maturity=maturity), mesh=mesh,
                      in_specs=(P(), P(), P(), P(), P()), out_specs=(P(), P()))
  return run(key, s0, strike, rate, vol)


if __name__ == "__main__":
  f32 = jax.ShapeDtypeStruct((), jnp.float32)
  price.trace(jax.random.key(2024), f32, f32, f32, f32).lower(lowering_platforms=("tpu",))
