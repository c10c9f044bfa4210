import equinox as eqx
import jax
from jax import numpy as np
from jax.sharding import PartitionSpec as PS

mm = np.matmul


class TPBlock(eqx.Module):
    w_up: jax.Array
    w_down: jax.Array
    act: callable = eqx.field(static=True, default=jax.nn.relu)

    def __call__(self, x):
        h = self.act(mm(x, self.w_up))
        out = mm(h, self.w_down)
        return out


def init_block(key, d, f):
    a, b = jax.random.split(key)
    up = jax.device_put(jax.random.normal(a, (d, f)), PS(None, "mp"))
    down = jax.device_put(jax.random.normal(b, (f, d)), PS("mp", None))
    return TPBlock(up, down)


mesh = jax.make_mesh((2, 2), ("dp", "mp"))
with jax.set_mesh(mesh):
    block = init_block(jax.random.key(0), 32, 128)
    x = jax.device_put(np.ones((16, 32)), PS("dp", None))
    fwd = eqx.filter_jit(lambda b, x: b(x))
    print(jax.jit(fwd).trace(block, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
