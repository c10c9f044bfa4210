import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from model import Stack
from serve import ServeConfig, retarget

cfg = ServeConfig()
mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes, axis_types=(AxisType.Auto, AxisType.Auto))

# trained with the axis called "tp"; retargeted for serving
model = Stack(cfg.depth, cfg.dim, cfg.hidden, axis_name="tp", key=jax.random.PRNGKey(0))
model = retarget(model, cfg)
params, static = eqx.partition(model, eqx.is_array)

tensor = cfg.mesh_axes[1]
specs = jax.tree.map(lambda _: P(), params)
specs = eqx.tree_at(
    lambda s: (s.layers.w_up, s.layers.w_down),
    specs,
    (P(None, None, tensor), P(None, tensor, None)),
)


@jax.jit
def forward(params, x):
    body = lambda p, x: eqx.combine(p, static)(x)
    return jax.shard_map(body, mesh=mesh, in_specs=(specs, P("data")), out_specs=P("data"))(params, x)


x = jnp.zeros((8, cfg.dim))
print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:100])
