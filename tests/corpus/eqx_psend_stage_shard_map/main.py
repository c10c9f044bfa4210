"""An Equinox pipeline stage (eqx.nn.MLP) handing activations to the next stage with
psend/precv: the arrays split off with eqx.partition go through jax.shard_map over "stage"
and the stage is rebuilt with eqx.combine; lowered for GPU."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
mesh = Mesh(jax.devices()[:STAGES], ("stage",))
FORWARD = [(i, i + 1) for i in range(STAGES - 1)]


class Stage(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(32, 32, width_size=64, depth=1, key=key)

    def __call__(self, x):
        h = jax.vmap(self.mlp)(x)
        token = jax.lax.psend(h, "stage", FORWARD)
        return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", FORWARD)


stage = Stage(jr.PRNGKey(0))
params, static = eqx.partition(stage, eqx.is_array)
x = jnp.ones((STAGES * 8, 32))


def local(params, x):
    return eqx.combine(params, static)(x)


step = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(), P("stage")), out_specs=P("stage")))
step.trace(params, x).lower(lowering_platforms=("cuda",))
