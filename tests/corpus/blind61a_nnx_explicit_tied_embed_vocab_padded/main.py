import flax.nnx as nnx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import TinyLM

VOCAB = 50304  # GPT-2 tokenizer (50257) padded to a multiple of 64, as in nanoGPT
DIM = 256
BATCH, SEQ = 8, 128

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
jax.set_mesh(mesh)

model = TinyLM(VOCAB, DIM, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(6e-4), wrt=nnx.Param)


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, ids, targets):
  def loss_fn(model):
    logits = model(ids)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


tokens = jax.ShapeDtypeStruct((BATCH, SEQ), jnp.int32, sharding=NamedSharding(mesh, P("data", None)))
lowered = train_step.trace(model, optimizer, tokens, tokens).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:200])
