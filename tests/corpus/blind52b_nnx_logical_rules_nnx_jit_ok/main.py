import jax
import optax
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

from model import LogicalMultiDotReluDot, sharding_rules
from train import train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
rngs = nnx.Rngs(1)

with jax.set_mesh(mesh), nnx.logical_axis_rules(sharding_rules):
  model = LogicalMultiDotReluDot(128, 3, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  batch = {
      'x': jax.device_put(rngs.normal((16, 128)), P('data', None)),
      'y': jax.device_put(rngs.normal((16, 128)), P('data', None)),
  }
  print(model.layers.w2.sharding.spec)
  print(train_step.trace(model, optimizer, batch)
        .lower(lowering_platforms=('cuda',)).as_text()[:40])
