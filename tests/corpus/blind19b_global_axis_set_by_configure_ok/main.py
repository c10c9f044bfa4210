import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "data"


def configure(axis):
    global AXIS
    AXIS = axis


def loss(w, x, y):
    return lax.pmean(jnp.mean((x @ w - y) ** 2), AXIS)


def main():
    configure("batch")
    mesh = Mesh(np.array(jax.devices()), (AXIS,))
    f = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)), out_specs=P()))
    f.trace(jnp.zeros((8, 1)), jnp.ones((32, 8)), jnp.ones((32, 1))).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
