import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


def make_eval_step(axis_name, distributed):

  @nnx.jit
  def eval_step(model, batch):
    model.eval()
    logits = model(batch["image"])
    correct = jnp.sum(jnp.argmax(logits, -1) == batch["label"]).astype(jnp.float32)
    count = jnp.float32(batch["label"].shape[0])
    # sum over replicas when running distributed, identity otherwise
    correct, count = lax.cond(
        distributed,
        lambda c, n: (lax.psum(c, axis_name), lax.psum(n, axis_name)),
        lambda c, n: (c, n),
        correct, count)
    return correct / count

  return eval_step
