import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np

from compat import shard_map

mesh = Mesh(np.array(jax.devices()), ("batch",))


class Classifier(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, key):
        self.linear = eqx.nn.Linear(16, 10, key=key)

    def __call__(self, x):
        return self.linear(x)


def local_loss(params, x, labels, static):
    model = eqx.combine(params, static)
    logits = jax.vmap(model)(x)
    ce = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], 1))
    return jax.lax.pmean(ce, "batch")


model = Classifier(jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)

loss = shard_map(functools.partial(local_loss, static=static), mesh=mesh,
                 in_specs=(P(), P("batch"), P("batch")), out_specs=P(), check_rep=False)

x = jnp.ones((8, 16))
labels = jnp.zeros((8,), jnp.int32)
lowered = jax.jit(loss).trace(params, x, labels).lower(lowering_platforms=("cuda",))
print("lowered")
