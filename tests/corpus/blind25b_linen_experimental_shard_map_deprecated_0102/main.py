import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np


class Head(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(10)(x)


mesh = Mesh(np.array(jax.devices()), ("batch",))
model = Head()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 16)))


def eval_step(params, x, y):
    logits = model.apply(params, x)
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    return jax.lax.pmean(acc, "batch")


f = jax.jit(shard_map(eval_step, mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P()))
print(f.trace(params, jnp.ones((16, 16)), jnp.zeros((16,), jnp.int32)).lower(
    lowering_platforms=("cuda",)).as_text()[:10])
