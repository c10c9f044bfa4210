"""Sharded evaluation of the Equinox MNIST CNN: the 10k test images are evaluated in batches of
250 with jax.experimental.shard_map, each device scoring its slice, accuracy summed with psum."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from models import CNN

TEST_SIZE, EVAL_BATCH = 10_000, 250

mesh = Mesh(np.array(jax.devices()), axis_names=("batch",))


def make_eval(static):
    @partial(shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P())
    def eval_batch(params, images, labels):
        model = eqx.combine(params, static)
        pred = jnp.argmax(jax.vmap(model)(images), axis=-1)
        correct = jnp.sum(pred == labels)
        return jax.lax.psum(correct, "batch")
    return jax.jit(eval_batch)


if __name__ == "__main__":
    model = CNN(jax.random.PRNGKey(5678))
    params, static = eqx.partition(model, eqx.is_array)
    evaluate = make_eval(static)
    images = jax.ShapeDtypeStruct((EVAL_BATCH, 1, 28, 28), jnp.float32)
    labels = jax.ShapeDtypeStruct((EVAL_BATCH,), jnp.int32)
    evaluate.trace(params, images, labels).lower(lowering_platforms=("cuda",))
