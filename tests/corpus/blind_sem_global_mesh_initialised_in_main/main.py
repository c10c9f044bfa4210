"""A module-global MESH that starts as None and is set by init_distributed() (a `global`
statement) before the step is built."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH = None
AXIS = "data"


def init_distributed():
    global MESH
    MESH = Mesh(np.array(jax.devices()), (AXIS,))


def loss(w, x):
    return jax.lax.pmean(jnp.mean(jnp.tanh(x @ w)), AXIS)


def build_step():
    return jax.jit(jax.shard_map(jax.value_and_grad(loss), mesh=MESH, in_specs=(P(), P(AXIS)),
                                 out_specs=(P(), P())))


def main():
    init_distributed()
    step = build_step()
    step.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32),
               jax.ShapeDtypeStruct((32, 8), jnp.float32)).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
