import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",), axis_types=(jax.sharding.AxisType.Auto,))


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(10)(nn.gelu(nn.Dense(64)(x)))


model = MLP()


def loss_and_grads(params, x, y):
    def loss_fn(p):
        return optax.softmax_cross_entropy_with_integer_labels(model.apply(p, x), y).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    return loss, jax.lax.pmean(grads, "dp")


step = jax.jit(jax.shard_map(loss_and_grads, mesh=mesh,
                             in_specs=(P(), P("dp"), P("dp")),
                             out_specs=(P(), P())))

params = MLP().init(jax.random.key(0), jnp.ones((1, 32)))
x, y = jnp.ones((32, 32)), jnp.zeros((32,), jnp.int32)
print(step.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
