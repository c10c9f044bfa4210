import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from ring_attention import SEQ, ring_attention

mesh = jax.make_mesh((4,), (SEQ,), axis_types=(AxisType.Auto,))
N = mesh.shape[SEQ]


class RingSelfAttention(nnx.Module):
    def __init__(self, d, heads, rngs: nnx.Rngs):
        self.heads = heads
        self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)
        self.out = nnx.Linear(d, d, rngs=rngs)
        spec = P(None, SEQ, None, None)
        self._attend = jax.shard_map(
            lambda q, k, v: ring_attention(q, k, v, N),
            mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)

    def __call__(self, x):
        b, t, d = x.shape
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        q, k, v = (a.reshape(b, t, self.heads, d // self.heads) for a in (q, k, v))
        o = self._attend(q, k, v)
        return self.out(o.reshape(b, t, d))


model = RingSelfAttention(64, 4, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    return model(x)


x = jnp.ones((2, 32, 64))
print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).lowered.as_text()[:24])
