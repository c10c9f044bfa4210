import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from . import comm


def stage_fn(w, x):
    return jnp.tanh(x @ w)


class GPipe:
    def __init__(self, mesh, num_stages, num_microbatches):
        self.mesh = mesh
        self.num_stages = num_stages
        self.num_microbatches = num_microbatches

    def _stage_loop(self, stage_ids, stage_w, microbatches):
        # stage_ids: [1] (this stage's index); stage_w: [1, d, d]; microbatches: [M, mb, d]
        w = stage_w[0]
        stage = stage_ids[0]
        n_iters = self.num_microbatches + self.num_stages - 1

        def body(state, i):
            mb = microbatches[jnp.minimum(i, self.num_microbatches - 1)]
            inp = jnp.where(stage == 0, mb, state)
            out = stage_fn(w, inp)
            tok = comm.send_to_next(out, self.num_stages)
            state = comm.recv_from_prev(tok, out, self.num_stages)
            return state, out

        _, outs = lax.scan(body, jnp.zeros_like(microbatches[0]), jnp.arange(n_iters))
        outs = outs[self.num_stages - 1:]
        # only the last stage holds real outputs
        outs = jnp.where(stage == self.num_stages - 1, outs, 0.0)
        return lax.psum(outs, comm.STAGE_AXIS)

    def forward(self, stage_ids, stage_ws, microbatches):
        return jax.shard_map(
            self._stage_loop,
            mesh=self.mesh,
            in_specs=(P(comm.STAGE_AXIS), P(comm.STAGE_AXIS), P()),
            out_specs=P(),
            check_vma=False,
        )(stage_ids, stage_ws, microbatches)
