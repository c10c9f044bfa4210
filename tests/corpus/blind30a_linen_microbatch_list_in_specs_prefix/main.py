import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.sharding import Mesh, PartitionSpec as P
from jax.experimental import mesh_utils


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(64)(x))
        return nn.Dense(10)(x)


model = Classifier()
mesh = Mesh(mesh_utils.create_device_mesh((4,)), ("batch",))


def loss_fn(params, x):
    logits = model.apply({"params": params}, x)
    return optax.softmax_cross_entropy_with_integer_labels(
        logits, jnp.zeros(x.shape[0], jnp.int32)).mean()


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), [P("batch")]),
                   out_specs=P())
def accumulate_grads(params, microbatches):
    grads = jax.tree.map(jnp.zeros_like, params)
    for mb in microbatches:
        grads = jax.tree.map(jnp.add, grads, jax.grad(loss_fn)(params, mb))
    return jax.lax.pmean(grads, "batch")


if __name__ == "__main__":
    params = model.init(jax.random.key(0), jnp.ones((1, 32)))["params"]
    microbatches = [jnp.ones((8, 32)), jnp.ones((8, 32))]
    lowered = accumulate_grads.trace(params, microbatches).lower(lowering_platforms=("cuda",))
    print("lowered")
