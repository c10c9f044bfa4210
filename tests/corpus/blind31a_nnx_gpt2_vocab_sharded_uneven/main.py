import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from gpt.model import MiniGPT

vocab_size = 50257  # tiktoken gpt2
maxlen = 64
embed_dim = 64

mesh = jax.make_mesh((1, 4), ("batch", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)

model = MiniGPT(maxlen, vocab_size, embed_dim, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, batch):
  def loss_fn(model):
    logits = model(batch[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch[:, 1:]).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


batch = jnp.zeros((8, maxlen + 1), jnp.int32)
print(train_step.trace(model, optimizer, batch).lower(lowering_platforms=("cuda",)).as_text()[:20])
