import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

import equinox as eqx

NUM_STAGES = 4
WIDTH = 32
MICROBATCH = 8

mesh = jax.make_mesh((NUM_STAGES,), ("stage",), axis_types=(AxisType.Auto,))
NEXT_STAGE = [(i, (i + 1) % NUM_STAGES) for i in range(NUM_STAGES)]


class Stage(eqx.Module):
    mlp: eqx.nn.MLP
    norm: eqx.nn.LayerNorm

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(WIDTH, WIDTH, WIDTH * 2, depth=1, key=key)
        self.norm = eqx.nn.LayerNorm(WIDTH)

    def __call__(self, x):
        h = jax.vmap(lambda v: self.norm(v + self.mlp(v)))(x)
        # hand the activations to the next pipeline stage
        token = lax.psend(h, "stage", perm=NEXT_STAGE)
        return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", perm=NEXT_STAGE)


@eqx.filter_vmap
def make_stages(key):
    return Stage(key)


stages = make_stages(jr.split(jr.key(0), NUM_STAGES))
params, static = eqx.partition(stages, eqx.is_array)
params = eqx.filter_shard(params, NamedSharding(mesh, P("stage")))


def pipeline_forward(params, x):
    # every device holds one stage: drop the leading stage dim
    local = jax.tree.map(lambda a: a[0], params)
    stage = eqx.combine(local, static)
    return stage(x)


forward = jax.jit(pipeline_forward)

x = jnp.ones((NUM_STAGES * MICROBATCH, WIDTH), jnp.float32)
x = jax.device_put(x, NamedSharding(mesh, P("stage")))

if __name__ == "__main__":
    print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
