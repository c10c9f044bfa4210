"""Eval step under shard_map: loss is pmean'd, but the accuracy is returned per device with out_specs=P()."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = np.array(jax.devices()).reshape(4)
mesh = Mesh(devices, ("data",))


def apply_model(params, x):
    h = jnp.tanh(x @ params["w1"])
    return h @ params["w2"]


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
def eval_step(params, images, labels):
    logits = apply_model(params, images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
    metrics = {
        "loss": jax.lax.pmean(loss, axis_name="data"),
        "accuracy": accuracy,
    }
    return metrics


params = {"w1": jnp.ones((28 * 28, 64)) * 0.01, "w2": jnp.ones((64, 10)) * 0.01}
images = jnp.zeros((128, 28 * 28))
labels = jnp.zeros((128,), jnp.int32)
lowered = eval_step.trace(params, images, labels).lower(lowering_platforms=("cuda",))
print("ok", len(lowered.as_text()) > 0)
