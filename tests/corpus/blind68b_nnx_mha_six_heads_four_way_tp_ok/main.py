import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from encoder import Encoder

NUM_HEADS = 8

mesh = jax.make_mesh((1, 4), ('data', 'model'),
                     axis_types=(AxisType.Auto, AxisType.Auto))


def create_model_and_optimizer():
  model = Encoder(1024, 384, NUM_HEADS, 2, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-4), wrt=nnx.Param)
  return model, optimizer


@nnx.jit
def train_step(model, optimizer, tokens, labels):

  def loss_fn(model):
    logits = model(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  # Abstract (shape + sharding only) model and optimizer state.
  model, optimizer = nnx.eval_shape(create_model_and_optimizer)
  data = NamedSharding(mesh, P('data'))
  tokens = jax.ShapeDtypeStruct((8, 128), jnp.int32, sharding=data)
  labels = jax.ShapeDtypeStruct((8,), jnp.int32, sharding=data)
  train_step.trace(model, optimizer, tokens, labels).lower(
      lowering_platforms=('tpu',))
