import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class RingMixer(eqx.Module):
    proj: eqx.nn.Linear
    mesh: Mesh = eqx.field(static=True)
    axis: str = eqx.field(static=True)

    def _local(self, proj, x):
        n = jax.lax.axis_size(self.axis)
        perm = [(i, (i + 1) % n) for i in range(n)]
        acc = jax.vmap(proj)(x)
        blk = x

        def body(i, carry):
            acc, blk = carry
            blk = jax.lax.ppermute(blk, self.axis, perm)
            return acc + jax.vmap(proj)(blk), blk

        acc, _ = jax.lax.fori_loop(0, n - 1, body, (acc, blk))
        return acc

    def __call__(self, x):
        f = jax.shard_map(
            self._local, mesh=self.mesh, in_specs=(P(), P(self.axis)), out_specs=P(self.axis)
        )
        return f(self.proj, x)


mesh = Mesh(np.array(jax.devices()), ("seq",))
mixer = RingMixer(eqx.nn.Linear(8, 8, key=jax.random.PRNGKey(0)), mesh, "seq")


@eqx.filter_jit
def run(mixer, x):
    return mixer(x)


params, static = eqx.partition(mixer, eqx.is_array)
x = jnp.ones((16, 8))
jax.jit(lambda p, x: run(eqx.combine(p, static), x)).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
