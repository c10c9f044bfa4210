import functools

import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

import metrics
from parallel.comm import DATA


def make_steps(mesh, graphdef):
    def loss_fn(params, images, labels):
        logits = nnx.merge(graphdef, params)(images)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, logits

    @jax.jit
    @functools.partial(jax.shard_map, mesh=mesh,
                       in_specs=(P(), P(DATA), P(DATA)), out_specs=(P(), P(), P()))
    def train_step(params, images, labels):
        (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, images, labels)
        grads = jax.lax.pmean(grads, DATA)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
        return params, jax.lax.pmean(loss, DATA), metrics.accuracy(logits, labels)

    def eval_step(params, images, labels):
        _, logits = loss_fn(params, images, labels)
        return metrics.accuracy(logits, labels)

    eval_step = jax.jit(jax.shard_map(eval_step, mesh=mesh,
                                      in_specs=(P(), P(DATA), P(DATA)), out_specs=P()))
    return train_step, eval_step
