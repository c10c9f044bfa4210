from functools import partial

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

from net import MICRO, ConvNet

GHOST_BATCHES = 4


@partial(nnx.vmap, in_axes=(None, 0), axis_name=MICRO)
def ghost_forward(model, x):
    return model(x)


def loss_fn(model, images, labels):
    b = images.shape[0]
    micro = images.reshape(GHOST_BATCHES, b // GHOST_BATCHES, *images.shape[1:])
    logits = ghost_forward(model, micro).reshape(b, -1)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.jit
def train_step(model, opt, images, labels):
    loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
    opt.update(model, grads)
    return loss


model = ConvNet(16, 10, rngs=nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)
images = jnp.zeros((32, 16, 16, 3))
labels = jnp.zeros((32,), jnp.int32)
train_step.trace(model, opt, images, labels).lower(lowering_platforms=("tpu",))
