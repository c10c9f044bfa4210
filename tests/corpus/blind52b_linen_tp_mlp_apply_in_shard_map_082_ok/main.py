import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

from model import TPMLP
from train import build, tx, PARAM_SPECS

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
model = TPMLP(hidden=256, out=10, tp_size=mesh.shape['model'])

init_sharded, make_step = build(model, mesh)
x = jnp.ones((16, 32))
y = jnp.zeros((16,), jnp.int32)
params = init_sharded(jax.random.key(0), x)
opt_state = jax.jit(tx.init)(params)

# optimizer moments mirror the parameter layout; counts are replicated
opt_specs = optax.tree_map_params(
    tx, lambda _, spec: spec, opt_state, PARAM_SPECS,
    transform_non_params=lambda _: P(),
    is_leaf=lambda v: isinstance(v, P))
step = make_step(opt_specs)
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
