import jax
import optax
from flax import nnx

from .config import ModelConfig
from .model import LM


def create_sharded_model(cfg: ModelConfig):

  @nnx.jit
  def _create():
    model = LM(cfg, rngs=nnx.Rngs(0))
    state = nnx.state(model)
    pspecs = nnx.get_partition_spec(state)
    sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
    nnx.update(model, sharded_state)
    return model

  return _create()


def loss_fn(model, tokens, targets):
  logits = model(tokens)
  return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()


@nnx.jit
def train_step(model, optimizer, tokens, targets):
  loss, grads = nnx.value_and_grad(loss_fn)(model, tokens, targets)
  optimizer.update(model, grads)
  return loss
