"""nnx.shard_map around a train step for a model made of a Linen encoder (nnx.bridge.ToNNX)
and an NNX head; the optimizer update happens inside the manual region."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class LinenEncoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(64)(x)
        x = nn.LayerNorm()(x)
        return nn.gelu(x)


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.bridge.ToNNX(LinenEncoder(), rngs=rngs)
        self.head = nnx.Linear(64, 10, rngs=rngs)

    def __call__(self, x):
        return self.head(self.encoder(x))


model = Model(nnx.Rngs(0))
nnx.bridge.lazy_init(model.encoder, jnp.ones((1, 32)))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


@nnx.jit
def train_step(model, optimizer, x, y):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
    def step(model, optimizer, x, y):
        def loss_fn(model):
            logits = model(x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        grads = jax.lax.pmean(grads, 'data')
        optimizer.update(model, grads)
        return jax.lax.pmean(loss, 'data')
    return step(model, optimizer, x, y)


lowered = train_step.trace(model, optimizer, jnp.ones((16, 32)), jnp.zeros((16,), jnp.int32)).lower(
    lowering_platforms=('cuda',))
print('ok')
