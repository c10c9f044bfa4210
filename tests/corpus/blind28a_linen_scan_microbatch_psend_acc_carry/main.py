"""Linen pipeline stage: lax.scan over microbatches with psend/precv between stages, also
accumulating the stage's output norm in the carry for a diagnostics metric."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES, MICRO, B, D = 4, 6, 8, 64
PERM = [(i, i + 1) for i in range(STAGES - 1)]


class Stage(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(D)(nn.LayerNorm()(x))


stage_def = Stage()
params = jax.vmap(lambda k: stage_def.init(k, jnp.zeros((B, D))))(
    jax.random.split(jax.random.key(0), STAGES))


def run_stage(params, microbatches):
    local = jax.tree.map(lambda a: a[0], params)
    first = lax.axis_index("pp") == 0

    def tick(carry, mb):
        received, sq_norm = carry
        y = stage_def.apply(local, jnp.where(first, mb, received))
        token = lax.psend(y, "pp", PERM)
        received = lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), "pp", PERM)
        return (received, sq_norm + jnp.sum(y * y)), y

    (_, sq_norm), ys = lax.scan(tick, (jnp.zeros((B, D)), jnp.float32(0.0)), microbatches)
    return ys[None], sq_norm[None]


mesh = Mesh(jax.devices(), ("pp",))
pipeline = jax.jit(jax.shard_map(run_stage, mesh=mesh, in_specs=(P("pp"), P()),
                                 out_specs=(P("pp"), P("pp"))))
mbs = jnp.ones((MICRO, B, D))
lowered = pipeline.trace(params, mbs).lower(lowering_platforms=("cuda",))
print("lowered")
