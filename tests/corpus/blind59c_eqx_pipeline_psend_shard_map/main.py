import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipe.stages import STAGES, Stage, send_to_next

NUM_STAGES = 4
DIM = 64


def build(static, mesh):
    @jax.jit
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(STAGES), P()),
                       out_specs=P(STAGES))
    def pipeline_forward(params, x):
        my_stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
        for _ in range(NUM_STAGES - 1):
            x = send_to_next(my_stage(x), NUM_STAGES)
        return my_stage(x)[None]

    return pipeline_forward


def main():
    mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), (STAGES,))
    keys = jax.random.split(jax.random.PRNGKey(0), NUM_STAGES)
    stages = eqx.filter_vmap(lambda k: Stage(DIM, key=k))(keys)
    params, static = eqx.partition(stages, eqx.is_array)
    fwd = build(static, mesh)
    x = jnp.ones((8, DIM), jnp.float32)
    fwd.trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
