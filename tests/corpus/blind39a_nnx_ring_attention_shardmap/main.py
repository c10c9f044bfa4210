"""Ring attention over a context-parallel axis: K/V blocks rotate with ppermute."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("cp",), axis_types=(jax.sharding.AxisType.Explicit,))
CP = 4


def ring_attention(q, k, v, axis_name="cp"):
    perm = [(j, (j + 1) % CP) for j in range(CP)]

    def body(i, carry):
        out, k, v = carry
        s = jnp.einsum("qd,kd->qk", q, k)
        out = out + jnp.einsum("qk,kd->qd", jax.nn.softmax(s, axis=-1), v)
        k = jax.lax.ppermute(k, axis_name, perm)
        v = jax.lax.ppermute(v, axis_name, perm)
        return out, k, v

    out, _, _ = jax.lax.fori_loop(0, CP, body, (jnp.zeros_like(q), k, v))
    return out / CP


class RingSelfAttention(nnx.Module):
    def __init__(self, d, rngs):
        self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        return ring_attention(q, k, v)


model = RingSelfAttention(32, nnx.Rngs(0))


@nnx.jit
def apply(model, x):
    f = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P("cp")), out_specs=P("cp"))
    return f(model, x)


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((64, 32)), P("cp"))
    print(apply.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:80])
