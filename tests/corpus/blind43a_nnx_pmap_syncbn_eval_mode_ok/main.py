import jax
import jax.numpy as jnp
from flax import nnx

from model import Model

model = Model(8, 2, rngs=nnx.Rngs(0))


@nnx.pmap(in_axes=(None, 0), out_axes=0, axis_name='device')
def train_forward(model, x):
  return model(x)


@nnx.jit
def train_logits(model, x):
  return train_forward(model, x)


@nnx.jit
def eval_step(model, x):
  return model(x).argmax(-1)


x_train = jnp.ones((4, 16, 8))
print(train_logits.trace(model, x_train).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])

model.eval()
x_eval = jnp.ones((64, 8))
print(eval_step.trace(model, x_eval).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])
