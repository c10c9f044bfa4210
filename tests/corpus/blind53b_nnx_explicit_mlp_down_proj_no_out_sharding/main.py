import jax
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import MLP
from train import train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
  model = MLP(64, 256, 64, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

  data = nnx.Rngs(42)
  x = jax.sharding.reshard(data.normal((16, 64)), P('data', None))
  y = jax.sharding.reshard(data.normal((16, 64)), P('data', None))

  print(train_step.trace(model, optimizer, x, y)
        .lower(lowering_platforms=('cuda',)).as_text()[:40])
