import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from config import Config
from model import Decoder

cfg = Config()
mesh = jax.make_mesh((4,), (cfg.stage_axis,))


@nnx.jit
def init_model():
  return Decoder(cfg, rngs=nnx.Rngs(params=0, dropout=1))


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, tokens, targets):

  def loss_fn(model):
    logits = model(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(
        logits, targets).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model = init_model()
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  tokens = jax.ShapeDtypeStruct((8, 64), jnp.int32,
                                sharding=NamedSharding(mesh, P()))
  train_step.trace(model, optimizer, tokens, tokens).lower(
      lowering_platforms=('tpu',))
