"""Two-stage pipeline over 'stage' with tensor parallelism over 'model' inside each stage.
The inner tensor-parallel layer's shard_map takes the mesh from context (the abstract mesh
in which 'stage' is already manual)."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("stage", "model"), axis_types=(AxisType.Explicit,) * 2)


class TPLinear(eqx.Module):
    w: jax.Array  # (d, d) sharded on columns over 'model' (per stage)

    def __call__(self, x):
        @partial(jax.shard_map, in_specs=(P(None, "model"), P()), out_specs=P(),
                 axis_names={"model"}, check_vma=False)
        def tp(w, x):
            return jax.lax.all_gather(x @ w, "model", axis=1, tiled=True)

        return tp(self.w, x)


def stage_fn(layer_w, x):
    layer = TPLinear(layer_w[0])
    y = jnp.tanh(layer(x))
    # hand the activations to the next stage
    return jax.lax.ppermute(y, "stage", perm=[(0, 1), (1, 0)])


pipeline = jax.jit(jax.shard_map(stage_fn, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"),
                                 axis_names={"stage"}))

with jax.set_mesh(mesh):
    ws = jax.device_put(jr.normal(jr.PRNGKey(0), (2, 32, 32)), P("stage", None, "model"))
    x = jax.device_put(jnp.ones((8, 32)), P())
    lowered = pipeline.trace(ws, x).lower(lowering_platforms=("cuda",))
print("ok")
