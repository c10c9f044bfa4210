import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from models import ResNetTiny

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))


@nnx.jit
def eval_step(model: ResNetTiny, images, labels):
  logits = model(images)
  return (logits.argmax(-1) == labels).mean()


model = ResNetTiny(rngs=nnx.Rngs(0))
model.eval()  # BatchNorm uses its running statistics

images = jax.device_put(jnp.zeros((8, 8, 8, 3)), NamedSharding(mesh, P('batch')))
labels = jax.device_put(jnp.zeros((8,), jnp.int32), NamedSharding(mesh, P('batch')))
eval_step.trace(model, images, labels).lower(lowering_platforms=('cuda',))
