"""Streaming pipeline stage in Equinox: lax.scan over microbatches, the carry is the activation
received from the previous stage with precv (the first stage's carry is never used)."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES, MICRO, B, D = 4, 6, 8, 64
PERM = [(i, i + 1) for i in range(STAGES - 1)]


class Stage(eqx.Module):
    norm: eqx.nn.LayerNorm
    ff: eqx.nn.Linear

    def __init__(self, key):
        self.norm = eqx.nn.LayerNorm(D)
        self.ff = eqx.nn.Linear(D, D, key=key)

    def __call__(self, x):
        return jax.vmap(lambda v: self.ff(self.norm(v)))(x)


def make_stage(key):
    return eqx.filter(Stage(key), eqx.is_array)


stacked = jax.vmap(make_stage)(jax.random.split(jax.random.key(0), STAGES))
static = eqx.filter(Stage(jax.random.key(0)), eqx.is_array, inverse=True)


def run_stage(stage_params, microbatches):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], stage_params), static)
    first = lax.axis_index("pp") == 0

    def tick(received, mb):
        y = stage(jnp.where(first, mb, received))
        token = lax.psend(y, "pp", PERM)
        received = lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), "pp", PERM)
        return received, y

    _, ys = lax.scan(tick, jnp.zeros((B, D)), microbatches)
    return ys[None]


mesh = Mesh(jax.devices(), ("pp",))
pipeline = jax.jit(jax.shard_map(run_stage, mesh=mesh, in_specs=(P("pp"), P()),
                                 out_specs=P("pp")))
mbs = jnp.ones((MICRO, B, D))
lowered = pipeline.trace(stacked, mbs).lower(lowering_platforms=("cuda",))
print("lowered")
