import jax
import jax.numpy as jnp
from jax import lax as L
import flax.linen as nn
from jax.sharding import PartitionSpec as P

TP = "tp"
mesh = jax.make_mesh((4,), (TP,), axis_types=(jax.sharding.AxisType.Auto,))


@jax.custom_vjp
def copy_to_tp(x):
    return x


def _copy_fwd(x):
    return x, None


def _copy_bwd(_, g):
    return (L.psum(g, TP),)


copy_to_tp.defvjp(_copy_fwd, _copy_bwd)


def reduce_from_tp(x):
    return L.psum(x, TP)


class TPMLP(nn.Module):
    hidden_per_rank: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden_per_rank)(copy_to_tp(x))
        return reduce_from_tp(nn.Dense(x.shape[-1], use_bias=False)(nn.gelu(h)))


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x + nn.remat(TPMLP)(hidden_per_rank=64)(nn.LayerNorm()(x))


model = Block()


def loss(params, x):
    return jnp.mean(model.apply({"params": params}, x) ** 2)


def grads(params, x):
    return jax.grad(loss)(params, x)


grads = jax.shard_map(grads, mesh=mesh, in_specs=(P(TP), P()), out_specs=P(TP), check_vma=False)

init = jax.shard_map(
    lambda x: model.init(jax.random.key(0), x)["params"], mesh=mesh, in_specs=P(), out_specs=P(TP), check_vma=False
)
params = jax.eval_shape(init, jnp.ones((2, 32)))
params = jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), params)
x = jnp.ones((8, 32))
print(jax.jit(grads).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:80])
