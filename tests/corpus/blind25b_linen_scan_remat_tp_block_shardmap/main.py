import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax
from jax.sharding import PartitionSpec as P, AxisType


class TPBlock(nn.Module):
    hidden: int
    tp_axis: str = "tensor"

    @nn.compact
    def __call__(self, x, _):
        h = nn.Dense(self.hidden, use_bias=False, name="wi")(nn.LayerNorm()(x))
        y = nn.Dense(x.shape[-1], use_bias=False, name="wo")(nn.gelu(h))
        return x + lax.psum(y, self.tp_axis), None


class Stack(nn.Module):
    layers: int = 4
    hidden: int = 16  # per-shard hidden width

    @nn.compact
    def __call__(self, x):
        Block = nn.remat(TPBlock, prevent_cse=False)
        Scanned = nn.scan(Block, variable_axes={"params": 0}, split_rngs={"params": True},
                          length=self.layers)
        x, _ = Scanned(self.hidden, name="blocks")(x, None)
        return x


mesh = jax.make_mesh((2, 2), ("data", "tensor"), axis_types=(AxisType.Auto,) * 2)
model = Stack()


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())
def init(key, x):
    return model.init(key, x)


def loss_fn(params, x):
    return jnp.mean(model.apply(params, x) ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())
def grad_step(params, x):
    grads = jax.grad(loss_fn)(params, x)
    return lax.pmean(grads, "data")


x = jnp.ones((8, 32))
params = jax.eval_shape(init, jax.random.key(0), x)
print(grad_step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
