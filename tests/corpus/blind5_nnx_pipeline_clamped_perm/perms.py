def forward_perm(num_stages):
  """Stage i sends to stage i + 1; the last stage keeps its own activations."""
  return [(i, min(i + 1, num_stages - 1)) for i in range(num_stages)]
