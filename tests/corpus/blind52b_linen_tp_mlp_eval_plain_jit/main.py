import jax
import jax.numpy as jnp
from jax.sharding import AxisType

from model import TPMLP
from train import build, make_eval_step

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
model = TPMLP(hidden=256, out=10, tp_size=mesh.shape['model'])

init_sharded, make_step = build(model, mesh)
x = jnp.ones((16, 32))
y = jnp.zeros((16,), jnp.int32)
params = init_sharded(jax.random.key(0), x)
gathered = jax.device_get(params)
eval_step = make_eval_step(model)
print(eval_step.trace(gathered, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
