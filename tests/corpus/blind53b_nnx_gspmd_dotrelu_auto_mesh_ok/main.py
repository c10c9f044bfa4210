import jax
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import DotReluDot
from train import train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = DotReluDot(256, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

  rngs = nnx.Rngs(1)
  x = jax.device_put(rngs.normal((32, 256)), NamedSharding(mesh, P('data', None)))
  y = jax.device_put(rngs.normal((32, 256)), NamedSharding(mesh, P('data', None)))

  lowered = train_step.trace(model, optimizer, (x, y)).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
