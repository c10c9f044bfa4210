import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class Model(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):
    self.embed = nnx.Embed(100, 32, rngs=rngs)
    self.ln = nnx.LayerNorm(32, rngs=rngs)
    self.out = nnx.Linear(32, 100, rngs=rngs)

  def __call__(self, tokens):
    return self.out(self.ln(self.embed(tokens)))


model = Model(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))


def train_step(state, tokens, targets):
  model, optimizer = nnx.merge(graphdef, state)

  def loss_fn(model):
    logits = model(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, 'dp')
  optimizer.update(model, grads)
  _, state = nnx.split((model, optimizer))
  return state, jax.lax.pmean(loss, 'dp')


compiled_step = jax.jit(train_step, donate_argnums=0)

mesh = Mesh(np.array(jax.devices()), ('dp',))
train_step = jax.shard_map(train_step, mesh=mesh,
                           in_specs=(P(), P('dp'), P('dp')),
                           out_specs=(P(), P()))

tokens = jnp.zeros((16, 8), jnp.int32)
targets = jnp.zeros((16, 8), jnp.int32)
compiled_step.trace(state, tokens, targets).lower(lowering_platforms=('cuda',))
