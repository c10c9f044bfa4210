import jax
import jax.numpy as jnp


def stage_fn(w, x):
  return jax.nn.gelu(x @ w[0])


def shift_to_next_stage(x, n_stages):
  # send activations to the next stage; wrap around (the last stage's output is already recorded)
  perm = [(i, (i + 1) % n_stages) for i in range(n_stages)]
  return jax.lax.ppermute(x, "stage", perm)


def spmd_pipeline(w, micro, *, n_stages, n_micro):
  stage = jax.lax.axis_index("stage")
  # stage 0 starts on the first microbatch, the others on zeros
  state = jnp.where(stage == 0, micro[0], jnp.zeros_like(micro[0]))

  def body(state, i):
    inp = jnp.where(stage == 0, micro[i % n_micro], state)
    out = stage_fn(w, inp)
    done = jnp.where(stage == n_stages - 1, out, jnp.zeros_like(out))
    return shift_to_next_stage(out, n_stages), done

  _, ys = jax.lax.scan(body, state, jnp.arange(n_micro + n_stages - 1))
  return jax.lax.psum(ys[n_stages - 1:], "stage")
