import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

from smc import AXIS, init_particles, smc_step

mesh = jax.make_mesh((4,), (AXIS,), axis_types=(AxisType.Auto,))
N, DIM, T = 8192, 2, 50


def filter_scan(particles, key, ys):
    def body(carry, y):
        particles, key = carry
        key, sub = jax.random.split(key)
        particles, log_z = smc_step(sub, particles, y)
        return (particles, key), log_z

    (_, _), log_zs = lax.scan(body, (particles, key), ys)
    return jnp.sum(log_zs)


sharded_filter = jax.shard_map(filter_scan, mesh=mesh,
                               in_specs=(P(AXIS), P(AXIS), P()), out_specs=P())


@jax.jit
def log_marginal(key, ys):
    particles, keys = init_particles(key, N, DIM)
    keys = jax.random.split(keys, 4)
    return sharded_filter(particles, keys, ys)


def main():
    ys = jnp.zeros((T, DIM))
    log_marginal.trace(jax.random.key(0), ys).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
