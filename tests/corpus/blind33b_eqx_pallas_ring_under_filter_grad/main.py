import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from ring import ring_shift


class Mixer(eqx.Module):
    proj: eqx.nn.Linear

    def __init__(self, key):
        self.proj = eqx.nn.Linear(128, 128, use_bias=False, key=key)

    def __call__(self, x):
        h = jax.vmap(self.proj)(x)
        return h + ring_shift(h)


def loss_fn(model, x):
    return jnp.mean(model(x) ** 2)


mesh = Mesh(np.array(jax.devices()), ("dp",))


@eqx.filter_jit
def train_step(model, x):
    def sharded(model, x):
        loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x)
        return jax.lax.pmean(loss, "dp"), jax.lax.pmean(grads, "dp")

    return jax.shard_map(sharded, mesh=mesh, in_specs=(P(), P("dp")), out_specs=P(),
                         check_vma=False)(model, x)


model = Mixer(jax.random.key(0))
x = jnp.ones((32, 128), jnp.float32)
lowered = jax.jit(train_step).trace(model, x).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:40])
