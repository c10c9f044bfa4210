from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P, AxisType

N_LAYERS = 6


class MLPBlock(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.fc = nnx.Linear(dim, dim, rngs=rngs)
        self.ln = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, x):
        return x + nnx.relu(self.fc(self.ln(x)))


class Model(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        @nnx.split_rngs(splits=N_LAYERS)
        @nnx.vmap(in_axes=(0,), out_axes=0)
        def make_layers(rngs):
            return MLPBlock(dim, rngs)

        self.layers = make_layers(rngs)
        self.head = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, x):
        @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
        @nnx.remat
        def forward(h, layer):
            return layer(h)

        return self.head(forward(x, self.layers))


mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
model = Model(16, nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(), P("batch"), P("batch")), out_specs=P())
def train_step(model, opt, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.tree.map(lambda g: jax.lax.pmean(g, "batch"), grads)
    opt.update(model, grads)
    return jax.lax.pmean(loss, "batch")


x, y = jnp.ones((16, 16)), jnp.ones((16, 1))
print(jax.jit(train_step).trace(model, opt, x, y).lower(lowering_platforms=("cuda",)) is not None)
