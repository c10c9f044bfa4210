import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P


class Block(eqx.Module):
    norm: eqx.nn.LayerNorm
    linear1: eqx.nn.Linear
    linear2: eqx.nn.Linear

    def __init__(self, dim, *, key):
        k1, k2 = jr.split(key)
        self.norm = eqx.nn.LayerNorm(dim)
        self.linear1 = eqx.nn.Linear(dim, 4 * dim, key=k1)
        self.linear2 = eqx.nn.Linear(4 * dim, dim, key=k2)

    def __call__(self, x):
        x = x.astype(self.linear1.weight.dtype)  # compute in the parameter dtype
        return x + self.linear2(jax.nn.gelu(self.linear1(self.norm(x))))


class DeepMLP(eqx.Module):
    blocks: Block

    def __init__(self, dim, depth, *, key):
        make_block = lambda k: Block(dim, key=k)
        self.blocks = eqx.filter_vmap(make_block)(jr.split(key, depth))

    def __call__(self, x):
        dynamic, static = eqx.partition(self.blocks, eqx.is_array)

        def f(h, block_params):
            block = eqx.combine(block_params, static)
            return eqx.filter_checkpoint(block)(h), None

        out, _ = jax.lax.scan(f, x, dynamic)
        return out


def to_bf16(model):
    return jax.tree.map(
        lambda a: a.astype(jnp.bfloat16) if eqx.is_inexact_array(a) else a, model)


def main():
    mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
    model = to_bf16(DeepMLP(128, 12, key=jr.PRNGKey(0)))
    params, static = eqx.partition(model, eqx.is_array)

    @jax.jit
    def forward(params, x):
        x = jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P("data")))
        return jax.vmap(eqx.combine(params, static))(x)

    x = jnp.zeros((64, 128), jnp.float32)
    forward.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
