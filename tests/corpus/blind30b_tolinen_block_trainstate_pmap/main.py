"""An NNX block used inside a Linen model through nnx.bridge.to_linen; the Linen model is trained
with flax.training.train_state.TrainState under pmap, as flax/examples/imagenet does."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils
from flax import linen as nn
from flax import nnx
from flax.nnx import bridge
from flax.training import common_utils, train_state


class NNXResidual(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return x + nnx.gelu(self.lin(x))


class Classifier(nn.Module):
    dim: int = 32

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.dim)(x)
        x = bridge.to_linen(NNXResidual, self.dim)(x)
        return nn.Dense(10)(x)


def create_train_state(rng):
    model = Classifier()
    variables = model.init(rng, jnp.ones((1, 16)))
    return train_state.TrainState.create(
        apply_fn=model.apply, params=variables['params'], tx=optax.sgd(0.1, momentum=0.9))


def train_step(state, batch):
    def loss_fn(params):
        logits = state.apply_fn({'params': params}, batch['x'])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['y']).mean()
        return loss, logits

    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis_name='batch')
    metrics = {'loss': loss, 'accuracy': jnp.mean(jnp.argmax(logits, -1) == batch['y'])}
    metrics = jax.lax.pmean(metrics, axis_name='batch')
    return state.apply_gradients(grads=grads), metrics


p_train_step = jax.pmap(functools.partial(train_step), axis_name='batch', donate_argnums=(0,))

state = jax_utils.replicate(create_train_state(jax.random.key(0)))
batch = common_utils.shard({'x': jnp.ones((32, 16)), 'y': jnp.zeros((32,), jnp.int32)})
lowered = jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))
print("lowered; devices:", jax.local_device_count())
