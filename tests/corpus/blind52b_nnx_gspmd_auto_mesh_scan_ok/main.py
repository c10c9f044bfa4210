import jax
import optax
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

from model import MultiDotReluDot
from train import train_step

auto_mesh = jax.make_mesh((2, 2), ('data', 'model'),
                          axis_types=(AxisType.Auto, AxisType.Auto))

rngs = nnx.Rngs(0)
with jax.set_mesh(auto_mesh):
  inputs = jax.device_put(rngs.normal((8, 256)), P('data', None))
  labels = jax.device_put(rngs.normal((8, 256)), P('data', None))
  model = MultiDotReluDot(256, 2, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  print(model.layers.dot1.kernel.sharding.spec)
  lowered = train_step.trace(model, optimizer, inputs, labels).lower(
      lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
