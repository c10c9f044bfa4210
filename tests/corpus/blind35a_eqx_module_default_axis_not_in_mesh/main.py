import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class RowParallel(eqx.Module):
    weight: jax.Array
    axis_name: str = eqx.field(static=True, default="tp")

    def __call__(self, x):
        partial_out = x @ self.weight
        return jax.lax.psum(partial_out, axis_name=self.axis_name)


class Block(eqx.Module):
    w_in: jax.Array
    out: RowParallel

    def __call__(self, x):
        return self.out(jax.nn.relu(x @ self.w_in))


mesh = jax.make_mesh((2, 2), ("dp", "mp"))
key1, key2 = jax.random.split(jax.random.PRNGKey(0))
block = Block(w_in=jax.random.normal(key1, (16, 64)), out=RowParallel(weight=jax.random.normal(key2, (64, 16))))

specs = Block(w_in=P(None, "mp"), out=RowParallel(weight=P("mp", None)))


def apply(block, x):
    return block(x)


f = jax.shard_map(apply, mesh=mesh, in_specs=(specs, P("dp")), out_specs=P("dp"))
x = jnp.ones((8, 16))
jax.jit(f).trace(block, x).lower(lowering_platforms=("cuda",))
print("ok")
