import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from lm import TiedLM
from sharding_rules import RULES

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Auto,) * 2)


def init():
  model = TiedLM(2048, 256, 1024, 2, rngs=nnx.Rngs(params=0))
  return model, nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, tokens):

  def loss_fn(model):
    logits = model(tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(
        logits, tokens[:, 1:]).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model, optimizer = nnx.eval_shape(init)
  tokens = jax.ShapeDtypeStruct((16, 129), jnp.int32,
                                sharding=NamedSharding(mesh, P('data')))
  train_step.trace(model, optimizer, tokens).lower(lowering_platforms=('tpu',))
